/**
 * The console's one script: small islands on server-rendered pages that work without it. Every page reads and
 * every form posts without JavaScript; this only adds a confirmation before destructive buttons and a dismissible
 * flash message. An element with `data-island="<name>"` is handed to `islands[<name>]` once the page has loaded
 * (charts and other islands register there).
 */

/** @typedef {new (options: object, data: (number | null)[][], target: HTMLElement) => unknown} UPlotConstructor */

/** uPlot's global, once its script (loaded by the pages that chart) has run. */
const uPlotGlobal = () => /** @type {{ uPlot?: UPlotConstructor }} */ (/** @type {unknown} */ (window)).uPlot;

/** @type {Record<string, (element: HTMLElement) => void>} */
export const islands = {
  /** The flash message: can be closed, and is read out by screen readers via its role="status" region. */
  flash(element) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'flash-close';
    button.textContent = 'Close';
    button.addEventListener('click', () => element.remove());
    element.append(button);
  },

  /**
   * The Orchestration page's charts: one small uPlot chart per metric, drawn from the JSON data block inside the
   * element. The same numbers are in the table beside it (the charts are aria-hidden), so without this nothing is lost.
   */
  'metric-charts'(element) {
    const data = element.querySelector('script[type="application/json"]');
    if (!data) return;
    /** @type {{ days: string[]; calls: (number|null)[]; metrics: { name: string; label: string; percent: boolean; values: (number|null)[] }[] }} */
    const series = JSON.parse(data.textContent ?? '{}');
    const draw = () => {
      const uPlot = uPlotGlobal();
      if (typeof uPlot !== 'function' || element.dataset.drawn) return;
      element.dataset.drawn = 'true';
      const xs = series.days.map((day) => Date.parse(`${day}T12:00:00Z`) / 1000);
      const width = Math.max(240, Math.min(480, element.clientWidth / 2 - 16));
      for (const metric of series.metrics) {
        const box = document.createElement('figure');
        box.className = 'chart';
        const caption = document.createElement('figcaption');
        caption.textContent = metric.label;
        box.append(caption);
        element.append(box);
        const values = metric.percent ? metric.values.map((value) => (value === null ? null : value * 100)) : metric.values;
        new uPlot(
          {
            width,
            height: 160,
            legend: { show: false },
            cursor: { show: true, points: { show: true } },
            scales: { x: { time: true }, y: { range: (/** @type {unknown} */ _u, /** @type {number} */ _min, /** @type {number | null} */ max) => [0, Math.max(metric.percent ? 10 : 1, max ?? 0)] } },
            axes: [{}, { values: (/** @type {unknown} */ _u, /** @type {number[]} */ ticks) => ticks.map((tick) => (metric.percent ? `${tick}%` : String(tick))) }],
            series: [{}, { label: metric.label, stroke: '#0b57d0', width: 2, spanGaps: false, points: { show: true, size: 5 } }],
          },
          [xs, values],
          box,
        );
      }
    };
    // uPlot's script is deferred after this module: it is there by the window's load event at the latest.
    if (uPlotGlobal()) draw();
    else window.addEventListener('load', draw, { once: true });
  },
};

// A button with data-confirm asks first; the form posts only when the person agrees.
document.addEventListener('submit', (event) => {
  const submitter = /** @type {SubmitEvent} */ (event).submitter;
  const question = submitter instanceof HTMLElement ? submitter.dataset.confirm : undefined;
  if (question && !window.confirm(question)) event.preventDefault();
});

function startIslands() {
  for (const element of document.querySelectorAll('[data-island]')) {
    if (!(element instanceof HTMLElement)) continue;
    const start = islands[element.dataset.island ?? ''];
    if (start) start(element);
  }
}

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startIslands);
else startIslands();
