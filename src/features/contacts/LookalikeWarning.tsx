/** Under an e-mail whose domain mixes scripts (contacts.lookalike.ts): the warning, and the domain as mail travels to it. */
import { cx } from "../../components/ui/styles";
import { lookalikeDomain, lookalikeWarning } from "./contacts.lookalike";

export function LookalikeWarning({ email, className }: { email: string | null; className?: string }) {
  const lookalike = lookalikeDomain(email);
  if (!lookalike) return null;
  return (
    <p className={cx("rounded-md border border-amber-600 bg-amber-50 px-2 py-1 text-xs text-stone-900", className)}>
      <span aria-hidden="true">⚠ </span>
      <strong>Look-alike letters.</strong> {lookalikeWarning(lookalike)}{" "}
      {lookalike.ascii ? (
        <>
          Its domain is really <code className="break-all font-semibold">{lookalike.ascii}</code>.
        </>
      ) : null}
    </p>
  );
}
