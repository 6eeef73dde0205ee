/** Placeholder: the Resources feature is being built. */
export function ResourcesPanel() {
  return (
    <section className="panel" aria-label="Resources">
      <p className="empty-state">Resources are not available yet.</p>
    </section>
  );
}
