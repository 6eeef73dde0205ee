/**
 * A button that shows or hides a request's result diff. What it does next is on the button
 * ("Compare with …", then "Hide the comparison with …"), and aria-expanded says whether the diff
 * it controls is shown, so a second press never hides the diff silently.
 */
export function CompareToggle({ shown, what, controls, onToggle }: { shown: boolean; what: string; controls: string; onToggle: () => void }) {
  return (
    <button type="button" className="button button--small" aria-expanded={shown} aria-controls={controls} onClick={onToggle}>
      {shown ? `Hide the comparison with ${what}` : `Compare with ${what}`}
    </button>
  );
}
