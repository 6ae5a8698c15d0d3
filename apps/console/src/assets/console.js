/**
 * The console's one script: small islands on server-rendered pages that work without it. Every page reads and
 * every form posts without JavaScript; this only adds a confirmation before destructive buttons and a dismissible
 * flash message. An element with `data-island="<name>"` is handed to `islands[<name>]` once the page has loaded
 * (charts and other islands register there).
 */

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
