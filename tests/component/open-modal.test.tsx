import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { DialogHeader } from '../../renderer/src/ui/DialogHeader';
import { openModal } from '../../renderer/src/ui/open-modal';

// jsdom has no showModal(); a browser's focuses the dialog's first focusable element, which this stands in for.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
    this.querySelector<HTMLElement>('button, input, select, textarea')?.focus();
  };
});

function Dialog({ children }: { children?: React.ReactNode }) {
  return (
    <dialog aria-labelledby="title" ref={(dialog) => openModal(dialog)}>
      <DialogHeader titleId="title" onClose={() => undefined}>
        A dialog
      </DialogHeader>
      {children}
    </dialog>
  );
}

describe('openModal', () => {
  it('puts the first focus on the first field, not on the title bar’s Close', () => {
    render(
      <Dialog>
        <button type="button">Look again</button>
        <label>
          Name <input />
        </label>
        <textarea aria-label="Notes" />
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Name' }));
  });

  it('skips a disabled field', () => {
    render(
      <Dialog>
        <input aria-label="Locked" disabled />
        <select aria-label="Model">
          <option>one</option>
        </select>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Model' }));
  });

  it('falls back to the body’s first control when the dialog has no field', () => {
    render(
      <Dialog>
        <button type="button">Diagnose again</button>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Diagnose again' }));
  });
});
