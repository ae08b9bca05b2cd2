// Chips: a row of radio buttons drawn as pills that stands for a hidden <select> of the "New
// game" form (the puzzle and the level). The select stays the one value every module reads,
// keeps and restores (settings.js, app.js); the chips are drawn from its options by syncChips()
// after they change (another puzzle's levels, another language) and write a player's choice back
// to it with a change event, as choosing in the select would. Why radios and not buttons: a
// radio group is one tab stop with arrow keys inside it, and screen readers say "2 of 4,
// checked" without any ARIA of ours.
import { $ } from './state.js';

/** Draws the chips of `fieldset` (its data-for names the select) from the select's options,
 * the select's value checked; chips whose values and words did not change are kept, so that a
 * chip keeps the focus it has. */
export function syncChips(fieldset) {
  const sel = $(fieldset.dataset.for);
  const wanted = [...sel.options].map((o) => [o.value, o.textContent]);
  const have = [...fieldset.querySelectorAll('label.chip')].map((l) => [l.firstChild.value, l.lastChild.textContent]);
  if (JSON.stringify(wanted) !== JSON.stringify(have)) {
    const chips = wanted.map(([value, words]) => {
      const label = document.createElement('label');
      label.className = 'chip';
      label.dataset.testid = `${sel.id}-${value}`;
      const input = document.createElement('input');
      input.type = 'radio';
      input.name = `${sel.id}-chip`;
      input.value = value;
      const span = document.createElement('span');
      span.textContent = words;
      label.append(input, span);
      return label;
    });
    fieldset.replaceChildren(fieldset.querySelector('legend'), ...chips);
  }
  for (const input of fieldset.querySelectorAll('input')) input.checked = input.value === sel.value;
}

/** A chip chosen: its select takes the value and tells its listeners (the fieldset's own change
 * event goes no further, so the form hears of the choice once, from the select). */
export function wireChips(fieldset) {
  fieldset.addEventListener('change', (e) => {
    e.stopPropagation();
    const sel = $(fieldset.dataset.for);
    sel.value = e.target.value;
    sel.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
