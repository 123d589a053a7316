import type { ReactNode, SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

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

export const MenuIcon = (p: IconProps) => base(p, <path d="M4 6h16M4 12h16M4 18h16" />);
export const DashboardIcon = (p: IconProps) =>
  base(
    p,
    <>
      <rect x="3" y="3" width="7" height="9" rx="1.5" />
      <rect x="14" y="3" width="7" height="5" rx="1.5" />
      <rect x="14" y="12" width="7" height="9" rx="1.5" />
      <rect x="3" y="16" width="7" height="5" rx="1.5" />
    </>,
  );
export const ImportIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M12 3v12" />
      <path d="m7 10 5 5 5-5" />
      <path d="M5 21h14" />
    </>,
  );
export const UploadIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M12 15V3" />
      <path d="m7 8 5-5 5 5" />
      <path d="M5 21h14" />
    </>,
  );
export const LiveIcon = (p: IconProps) =>
  base(
    p,
    <>
      <circle cx="12" cy="12" r="2" />
      <path d="M16.2 7.8a6 6 0 0 1 0 8.4M7.8 16.2a6 6 0 0 1 0-8.4M19 5a10 10 0 0 1 0 14M5 19A10 10 0 0 1 5 5" />
    </>,
  );
export const FilesIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5M9 13h6M9 17h6" />
    </>,
  );
export const BuildingIcon = (p: IconProps) =>
  base(
    p,
    <>
      <rect x="4" y="3" width="16" height="18" rx="1.5" />
      <path d="M9 7h1M14 7h1M9 11h1M14 11h1M9 15h1M14 15h1M10 21v-3h4v3" />
    </>,
  );
export const ShieldIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6z" />
      <path d="m9 12 2 2 4-4" />
    </>,
  );
export const MonitorIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M3 12h4l3-8 4 16 3-8h4" />
    </>,
  );
export const ChartIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
    </>,
  );
export const ChevronDownIcon = (p: IconProps) => base(p, <path d="m6 9 6 6 6-6" />);
export const ChevronLeftIcon = (p: IconProps) => base(p, <path d="m15 6-6 6 6 6" />);
export const ChevronRightIcon = (p: IconProps) => base(p, <path d="m9 6 6 6-6 6" />);
export const PlayIcon = (p: IconProps) =>
  base(
    p,
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m10 8.5 5 3.5-5 3.5z" fill="currentColor" />
    </>,
  );
export const GlobeIcon = (p: IconProps) =>
  base(
    p,
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
    </>,
  );
export const WalletIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M3 7a2 2 0 0 1 2-2h13v4" />
      <path d="M3 7v11a2 2 0 0 0 2 2h15V9H5a2 2 0 0 1-2-2z" />
      <circle cx="16" cy="14.5" r="1.2" fill="currentColor" />
    </>,
  );
export const BellIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.7 21a2 2 0 0 1-3.4 0" />
    </>,
  );
export const ExpandIcon = (p: IconProps) => base(p, <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />);
export const CompressIcon = (p: IconProps) => base(p, <path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5" />);
export const InfoIcon = (p: IconProps) =>
  base(
    p,
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 11v6M12 7.5v.5" />
    </>,
  );
export const DownloadIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M12 3v12" />
      <path d="m7 10 5 5 5-5" />
      <path d="M5 21h14" />
    </>,
  );
export const HelpIcon = (p: IconProps) =>
  base(
    p,
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17.5v.5" />
    </>,
  );
export const UserIcon = (p: IconProps) =>
  base(
    p,
    <>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21a8 8 0 0 1 16 0" />
    </>,
  );
export const KeyIcon = (p: IconProps) =>
  base(
    p,
    <>
      <circle cx="8" cy="15" r="4" />
      <path d="m11 12 9-9M17 6l3 3M15 8l2 2" />
    </>,
  );
export const BugIcon = (p: IconProps) =>
  base(
    p,
    <>
      <rect x="8" y="6" width="8" height="14" rx="4" />
      <path d="M12 10v10M4 13h4M16 13h4M5 7l3 2M19 7l-3 2M5 19l3-2M19 19l-3-2M10 6a2 2 0 0 1 4 0" />
    </>,
  );
export const LogoutIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
      <path d="M10 17l-5-5 5-5M5 12h11" />
    </>,
  );
export const MonitorOffIcon = (p: IconProps) =>
  base(
    p,
    <>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" />
    </>,
  );
export const LockIcon = (p: IconProps) =>
  base(
    p,
    <>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </>,
  );
export const MailIcon = (p: IconProps) =>
  base(
    p,
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </>,
  );
export const DatabaseIcon = (p: IconProps) =>
  base(
    p,
    <>
      <ellipse cx="12" cy="5" rx="8" ry="3" />
      <path d="M4 5v14c0 1.7 3.6 3 8 3s8-1.3 8-3V5M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3" />
    </>,
  );
export const GaugeIcon = (p: IconProps) =>
  base(
    p,
    <>
      <path d="M12 14 16 9" />
      <path d="M3.5 18a10 10 0 1 1 17 0z" />
    </>,
  );
export const ClockIcon = (p: IconProps) =>
  base(
    p,
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>,
  );
export const CompassIcon = (p: IconProps) =>
  base(
    p,
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m15.5 8.5-2 5-5 2 2-5z" />
    </>,
  );
export const CheckCircleIcon = (p: IconProps) =>
  base(
    p,
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="m8.5 12 2.5 2.5 4.5-5" />
    </>,
  );
