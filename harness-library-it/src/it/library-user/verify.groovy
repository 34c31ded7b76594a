// The documented test ran, over both protocols, against a broker: not 0 tests (an old Surefire, or a
// class Surefire does not include, give BUILD SUCCESS with no test), and not skipped for want of one.
def report = new File(basedir, 'target/surefire-reports/TEST-example.QueueSetupPerformanceTest.xml')
assert report.isFile() : "no test report at ${report}: Surefire ran no test"
def suite = (report.text =~ /<testsuite [^>]*>/)[0]
def tests = ((suite =~ /tests="([0-9]+)"/)[0][1]) as int
assert tests >= 1 : "Surefire ran no test: ${suite}"
assert tests == 2 : "expected the test over amqp091 and amqp10: ${suite}"
assert suite =~ /skipped="0"/ : "the documented test was skipped (no broker?): ${suite}"
assert suite =~ /failures="0"/ && suite =~ /errors="0"/ : suite
def log = new File(basedir, 'build.log').text
assert log =~ /Tests run: 2, Failures: 0, Errors: 0, Skipped: 0/ : "the build log shows no test run"
return true
