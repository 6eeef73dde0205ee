/** Icons used only by the approvals feature, drawn in ui/icons' frame. */
import { Svg } from '../../ui/icons';

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
