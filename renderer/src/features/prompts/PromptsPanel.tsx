/** Placeholder: the Prompts feature is being built. */
export function PromptsPanel() {
  return (
    <section className="panel" aria-label="Prompts">
      <p className="empty-state">Prompts are not available yet.</p>
    </section>
  );
}
