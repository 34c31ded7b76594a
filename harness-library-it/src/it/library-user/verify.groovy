// The documented test ran over both protocols against a broker: not skipped for want of one.
def report = new File(basedir, 'target/surefire-reports/TEST-example.QueueSetupPerformanceTest.xml')
assert report.isFile() : "no test report at ${report}"
def suite = (report.text =~ /<testsuite [^>]*>/)[0]
assert suite =~ /tests="2"/ : "expected the test over amqp091 and amqp10: ${suite}"
assert suite =~ /skipped="0"/ : "the documented test was skipped (no broker?): ${suite}"
assert suite =~ /failures="0"/ && suite =~ /errors="0"/ : suite
return true
