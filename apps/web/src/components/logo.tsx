import { cn } from '@/lib/utils';

/** The speedway helmet mark (decorative: the title next to it names the app); as public/favicon.svg. */
export function Logo({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 48 48"
      aria-hidden="true"
      focusable="false"
      className={cn('size-10 shrink-0', className)}
    >
      <rect width="48" height="48" rx="11" fill="#d3121b" />
      <path
        d="M3.5 22h6M2.5 27.5h7.5M4.5 33h5.5"
        stroke="#fff"
        strokeWidth="2.4"
        strokeLinecap="round"
        opacity=".7"
      />
      <path
        d="M14 37c-2.2-8.3-1.4-16.4 3.6-21.4C21.7 11.5 27.5 10 33 11.4c4.6 1.2 7.3 5 7.8 9.8l.9 10.3c.2 3-1.6 5.5-4.6 5.5z"
        fill="#fff"
      />
      <path d="M28.5 19.5h11.9l.6 6.5H31a2.5 2.5 0 0 1-2.5-2.5z" fill="#101318" />
      <path d="M30 11.6c5.4-.3 10.6.3 15.8 1.8l-4.1 4.1c-3.7-1.3-7.6-1.9-11.7-1.8z" fill="#fff" />
      <path
        d="M30 15.7c4.1-.1 8 .5 11.7 1.8"
        stroke="#101318"
        strokeWidth="1.3"
        strokeLinecap="round"
        fill="none"
      />
      <path
        d="M17.3 31.5c.3-8.3 4.4-14.3 11.2-16.4"
        stroke="#d3121b"
        strokeWidth="2.8"
        strokeLinecap="round"
        fill="none"
      />
      <path d="M34 31h5" stroke="#101318" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
