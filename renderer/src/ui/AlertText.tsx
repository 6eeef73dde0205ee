/** A failure sentence announced to screen readers (role="alert"), or nothing when there is none. */
export function AlertText({ message, className = '' }: { message: string | null | undefined; className?: string }) {
  if (!message) return null;
  return (
    <p className={`form-error ${className}`.trim()} role="alert">
      {message}
    </p>
  );
}
