import type { ReactNode } from 'react';

/** Small stroke icons. Decorative: the button that holds one carries the accessible name. */
interface IconProps {
  className?: string | undefined;
}

/** The frame every icon is drawn in: 16×16 strokes in the current colour, hidden from screen readers. */
export function Svg({ className, children }: IconProps & { children: ReactNode }) {
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

export const PlusIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M8 3v10M3 8h10" />
  </Svg>
);

export const PencilIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M10.5 2.5l3 3L6 13H3v-3z" />
    <path d="M9 4l3 3" />
  </Svg>
);

export const TrashIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 4.5h10M6.5 4.5V3h3v1.5M4.5 4.5l.7 8.5h5.6l.7-8.5" />
  </Svg>
);

export const CloseIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 4l8 8M12 4l-8 8" />
  </Svg>
);

export const RefreshIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M13 3v3.5H9.5" />
    <path d="M12.6 6.5A5 5 0 1 0 13 9" />
  </Svg>
);

export const ClearIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="8" cy="8" r="5.5" />
    <path d="M4.2 11.8l7.6-7.6" />
  </Svg>
);

export const PlayIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M5 3.5v9l7-4.5z" fill="currentColor" stroke="none" />
  </Svg>
);

/** The app's mark: a loupe over a node link. */
export const LoupeMark = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="6.5" cy="6.5" r="4.25" />
    <path d="M9.7 9.7l4 4" strokeWidth="2" />
    <path d="M4.8 6.5h3.4" />
  </Svg>
);
