/**
 * A quiet line in the header when secrets are kept in Loupe's private file instead of the OS
 * keychain. The warning that says why is shown once per data folder (the first start); after
 * that this status is what remains.
 */
export function SecretStorageStatus({ secretsFile }: { secretsFile: string | undefined }) {
  if (secretsFile === undefined) return null;
  return (
    <>
      {' · '}
      <span title={`Secrets (secret headers and variables, OAuth tokens) are kept in ${secretsFile}, readable only by you, not in an OS keychain.`}>Secrets in a private file</span>
    </>
  );
}
