/** The controls a person fills in; the first of them in a dialog's body gets the first focus. */
const FIELD = 'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled), [role="textbox"][contenteditable="true"]';
const CONTROL = `${FIELD}, button:not(:disabled), a[href], [tabindex]:not([tabindex="-1"])`;

/** The element a dialog should focus first: its first field below the title bar, else its first control there. */
function firstFocusIn(dialog: HTMLElement): HTMLElement | null {
  const outsideHeader = (element: Element) => element.closest('.dialog__header') === null;
  const field = [...dialog.querySelectorAll<HTMLElement>(FIELD)].find(outsideHeader);
  return field ?? [...dialog.querySelectorAll<HTMLElement>(CONTROL)].find(outsideHeader) ?? null;
}

/**
 * Opens a modal dialog and puts the focus on its first field. `showModal()` alone focuses the
 * first focusable element, which is the title bar's Close button.
 */
export function openModal(dialog: HTMLDialogElement | null): void {
  if (!dialog || dialog.open) return;
  dialog.showModal();
  firstFocusIn(dialog)?.focus();
}
