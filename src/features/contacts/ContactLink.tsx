/** An e-mail address or phone number on a card: a link to write or call when it makes one, plain text otherwise. */
import { cx, focusRing } from "../../components/ui/styles";

const icons = {
  email: "M3 6h18v12H3zM3 6l9 7 9-7",
  phone: "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z",
} as const;

const linkClass = cx(
  "inline-flex max-w-full items-start gap-1.5 py-0.5 underline decoration-stone-400 underline-offset-2 hover:decoration-stone-900",
  focusRing,
);

export function ContactLink({ kind, value, href }: { kind: "email" | "phone"; value: string; href: string | null }) {
  if (href === null) return <>{value}</>;
  return (
    <a href={href} className={linkClass}>
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="mt-0.5 h-4 w-4 shrink-0"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      >
        <path d={icons[kind]} />
      </svg>
      <span className="min-w-0 break-all">
        <span className="sr-only">{kind === "email" ? "Email " : "Call "}</span>
        {value}
      </span>
    </a>
  );
}
