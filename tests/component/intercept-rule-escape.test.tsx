/** The intercept rule box holds a rule being written: Escape closes its suggestions and leaves the box, and the text stays. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { InterceptRules } from '../../renderer/src/features/proxy/InterceptRules.js';

describe('the intercept rule box', () => {
  // jsdom lays nothing out, so it has no scrollIntoView (the suggestion list calls it on the active option).
  beforeAll(() => {
    Element.prototype.scrollIntoView ??= () => undefined;
  });

  it('keeps the rule being typed when Escape is pressed, suggestions open or not', async () => {
    const user = userEvent.setup();
    render(<InterceptRules />);
    const box = screen.getByRole('combobox', { name: 'Intercept rule filter' });
    await user.type(box, 'method:tools/ca');
    await user.keyboard('{Escape}');
    expect(box).toHaveProperty('value', 'method:tools/ca');
    box.focus();
    await user.keyboard('{Escape}');
    expect(box).toHaveProperty('value', 'method:tools/ca');
    expect(document.activeElement).not.toBe(box);
  });
});
