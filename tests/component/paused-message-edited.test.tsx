/** After Forward edited, the paused message's card shows what was forwarded (and says it was edited), the original a click away. */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PausedMessage } from '../../shared/proxy.js';
import { InterceptDesk } from '../../main/core/proxy/intercept-desk.js';
import { PausedMessageDetail } from '../../renderer/src/features/proxy/PausedMessageDetail.js';

const ORIGINAL = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"message":"as sent"}}}';
const EDITED = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"message":"edited here"}}}';

describe('a paused message forwarded edited', () => {
  it('shows the edited text that went on, says it was edited, and keeps the original', () => {
    const shown: PausedMessage[] = [];
    const desk = new InterceptDesk({ emit: (message) => shown.push(message), send: () => true, broadcast: () => undefined });
    desk.paused('s1', 'proxy-1', { id: 'p1', direction: 'out', ruleId: 'r1', deadline: Date.now() + 60_000, method: 'tools/call' }, ORIGINAL);
    desk.decide('s1:p1', { action: 'edit', text: EDITED });

    render(<PausedMessageDetail message={shown.at(-1)!} sessionName="everything" now={Date.now()} />);
    expect(screen.getByRole('status').textContent).toBe('Forwarded edited');
    expect(screen.getByLabelText('Message as forwarded, edited').textContent).toContain('edited here');
    expect(screen.getByText(/^Edited: this went on to the server in its place\.$/)).toBeTruthy();
    expect(screen.getByLabelText('Paused message as it came').textContent).toContain('as sent');
  });
});
