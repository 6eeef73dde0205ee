/** Placeholder: the Console feature is being built. */
export function ConsolePanel() {
  return (
    <section className="panel" aria-label="Console">
      <p className="empty-state">Console are not available yet.</p>
    </section>
  );
}
