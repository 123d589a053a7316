import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

// The shared icon set lives in web/components; these few belong to user management only.
function base(props: IconProps, children: ReactNode) {
  return (
    <svg
      width="1em"
      height="1em"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const PencilIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M4 20h4L19 9l-4-4L4 16z" />
      <path d="m13.5 6.5 4 4" />
    </>,
  );
export const MoreIcon = (p: IconProps) =>
  base(
    p,
    <>
      <circle cx="12" cy="5" r="1.3" fill="currentColor" />
      <circle cx="12" cy="12" r="1.3" fill="currentColor" />
      <circle cx="12" cy="19" r="1.3" fill="currentColor" />
    </>,
  );
export const TrashIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </>,
  );
export const SendIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M21 3 10 14" />
      <path d="m21 3-7 18-4-7-7-4z" />
    </>,
  );
export const CopyIcon = (p: IconProps) =>
  base(
    p,
    <>
      <rect x="9" y="9" width="11" height="11" rx="2" />
      <path d="M5 15V5a2 2 0 0 1 2-2h10" />
    </>,
  );
export const CheckIcon = (p: IconProps) => base(p, <path d="m5 12 5 5 9-10" />);
export const RefreshIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M20 11a8 8 0 0 0-14.6-4.5L4 8" />
      <path d="M4 4v4h4" />
      <path d="M4 13a8 8 0 0 0 14.6 4.5L20 16" />
      <path d="M20 20v-4h-4" />
    </>,
  );
export const CameraIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M4 8h3l2-3h6l2 3h3v11H4z" />
      <circle cx="12" cy="13" r="3.5" />
    </>,
  );
export const UserPlusIcon = (p: IconProps) =>
  base(
    p,
    <>
      <circle cx="10" cy="8" r="4" />
      <path d="M3 21a7 7 0 0 1 14 0M19 8v6M16 11h6" />
    </>,
  );
export const KeyResetIcon = (p: IconProps) =>
  base(
    p,
    <>
      <circle cx="8" cy="15" r="4" />
      <path d="m11 12 9-9M17 6l3 3" />
    </>,
  );
