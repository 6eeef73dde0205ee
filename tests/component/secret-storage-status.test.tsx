/** The header's quiet status when secrets are in Loupe's private file (issue 39: the warning is said once, this stays). */
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SecretStorageStatus } from '../../renderer/src/app/SecretStorageStatus';

describe('the secret storage status in the header', () => {
  it('says secrets are in a private file, with the file named', () => {
    render(<SecretStorageStatus secretsFile="/home/ada/.config/mcp-loupe/secrets.json" />);
    const status = screen.getByText('Secrets in a private file');
    expect(status.title).toContain('/home/ada/.config/mcp-loupe/secrets.json');
  });

  it('says nothing when secrets are in the keychain', () => {
    const { container } = render(<SecretStorageStatus secretsFile={undefined} />);
    expect(container.textContent).toBe('');
  });
});
