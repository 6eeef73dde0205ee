/** Icons used only by the approvals feature, drawn like ui/icons (16×16 strokes, decorative). */
function Svg({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <svg
      className={`icon ${className ?? ''}`}
      viewBox="0 0 16 16"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const InboxIcon = ({ className }: { className?: string }) => (
  <Svg className={className}>
    <path d="M2.5 9.5l1.6-5.2a1 1 0 0 1 1-.8h5.8a1 1 0 0 1 1 .8l1.6 5.2" />
    <path d="M2.5 9.5v3h11v-3H10a2 2 0 0 1-4 0z" />
  </Svg>
);

export const ExternalIcon = ({ className }: { className?: string }) => (
  <Svg className={className}>
    <path d="M9 3h4v4M13 3L7.5 8.5" />
    <path d="M11.5 9.5v3h-8v-8h3" />
  </Svg>
);
