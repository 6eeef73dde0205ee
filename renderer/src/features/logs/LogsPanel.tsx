/** Placeholder: the Logs feature is being built. */
export function LogsPanel() {
  return (
    <section className="panel" aria-label="Logs">
      <p className="empty-state">Logs are not available yet.</p>
    </section>
  );
}
