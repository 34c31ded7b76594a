// Finishes the chart configurations embedded by the harness (tick formats and dashed segments
// cannot travel as JSON) and draws them with Chart.js, which is inlined in this page.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('report-data').textContent);

  function trim(n, places) {
    return String(Number(n.toFixed(places)));
  }
  function ms(v) {
    if (v === null || v === undefined) { return ''; }
    if (v < 1) { return trim(v, 4); }
    if (v < 100) { return trim(v, 2); }
    return Math.round(v).toLocaleString('en');
  }
  // x = 1 / (1 - q): 1 is the 0th percentile, 10 the 90th, 1000 the 99.9th.
  function percentile(x) {
    return trim(100 - 100 / x, 5) + '%';
  }
  function logTicks(axis) {
    var ticks = [];
    for (var v = 1; v <= axis.max * 1.0001; v *= 10) {
      if (v >= axis.min) { ticks.push({ value: v }); }
    }
    if (axis.min <= 2 && axis.max >= 2) { ticks.splice(1, 0, { value: 2 }); }
    axis.ticks = ticks;
  }
  function msTicks(axis) {
    if (axis.type !== 'logarithmic') { return; }
    var ticks = [];
    var start = Math.pow(10, Math.floor(Math.log10(Math.max(axis.min, 1e-6))));
    for (var v = start; v <= axis.max * 1.0001; v *= 10) {
      [1, 2, 5].forEach(function (m) {
        var t = v * m;
        if (t >= axis.min && t <= axis.max) { ticks.push({ value: t }); }
      });
    }
    if (ticks.length >= 2) { axis.ticks = ticks; }
  }

  // The faults of --fault over a chart of time: a dashed line when each began, a band while it was in place.
  function faultMarks(marks) {
    return {
      id: 'faultMarks',
      beforeDatasetsDraw: function (chart) {
        var x = chart.scales.x;
        var area = chart.chartArea;
        var g = chart.ctx;
        g.save();
        g.font = '11px sans-serif';
        g.textBaseline = 'top';
        marks.forEach(function (m) {
          var begun = x.getPixelForValue(m.begun);
          g.strokeStyle = 'rgba(220, 38, 38, 0.8)';
          g.fillStyle = 'rgba(220, 38, 38, 0.12)';
          g.lineWidth = 1;
          g.setLineDash([4, 3]);
          g.beginPath();
          g.moveTo(begun, area.top);
          g.lineTo(begun, area.bottom);
          g.stroke();
          g.setLineDash([]);
          if (typeof m.from === 'number') {
            var from = x.getPixelForValue(m.from);
            var to = x.getPixelForValue(m.to);
            g.fillRect(from, area.top, Math.max(2, to - from), area.bottom - area.top);
          }
          g.fillStyle = 'rgba(153, 27, 27, 0.9)';
          g.fillText(m.label, begun + 3, area.top + 2);
        });
        g.restore();
      }
    };
  }

  data.charts.forEach(function (c) {
    var cfg = c.config;
    var scales = cfg.options.scales;
    var tooltip = cfg.options.plugins.tooltip = { callbacks: {} };
    ['y', 'ms'].forEach(function (id) {
      var axis = scales[id];
      if (axis && axis.title && axis.title.text === 'latency (ms)') {
        axis.ticks = { callback: function (v) { return ms(v); } };
        axis.afterBuildTicks = msTicks;
      }
    });
    if (c.kind === 'distribution') {
      scales.x.ticks = { callback: function (v) { return percentile(v); } };
      scales.x.afterBuildTicks = logTicks;
      tooltip.callbacks.title = function (items) { return items.length ? percentile(items[0].parsed.x) : ''; };
      tooltip.callbacks.label = function (item) { return item.dataset.label + ': ' + ms(item.parsed.y) + ' ms'; };
    } else if (c.kind === 'time') {
      tooltip.callbacks.title = function (items) { return items.length ? items[0].parsed.x + ' s' : ''; };
      cfg.data.datasets.forEach(function (ds) {
        if (typeof ds.drainingFrom === 'number') {
          var from = ds.drainingFrom;
          ds.segment = { borderDash: function (ctx) { return ctx.p0.parsed.x >= from ? [5, 4] : undefined; } };
        }
      });
    }
    if (cfg.faultMarks) {
      cfg.plugins = [faultMarks(cfg.faultMarks)];
    }
    var canvas = document.getElementById(c.id);
    var chart = new Chart(canvas, cfg);
    var button = document.querySelector('button.scale[data-chart="' + c.id + '"]');
    function label() {
      button.textContent = chart.options.scales.y.type === 'logarithmic' ? 'linear y' : 'log y';
    }
    var yIsLatency = scales.y.title && scales.y.title.text === 'latency (ms)';
    if (!yIsLatency) {
      button.style.display = 'none';
      return;
    }
    label();
    button.addEventListener('click', function () {
      var y = chart.options.scales.y;
      y.type = y.type === 'logarithmic' ? 'linear' : 'logarithmic';
      chart.update();
      label();
    });
  });
})();
