/**
 * Under an e-mail whose domain mixes scripts (contacts.lookalike.ts): the warning, and the domain's
 * other form: as mail travels to it when it is written in Unicode, what it stands for when written in punycode.
 */
import { cx } from "../../components/ui/styles";
import { lookalikeDomain, lookalikeWarning } from "./contacts.lookalike";

const Domain = ({ children }: { children: string }) => <code className="break-all font-semibold">{children}</code>;

export function LookalikeWarning({ email, className }: { email: string | null; className?: string }) {
  const lookalike = lookalikeDomain(email);
  if (!lookalike) return null;
  const { ascii, unicode, writtenInPunycode } = lookalike;
  return (
    <p className={cx("rounded-md border border-amber-600 bg-amber-50 px-2 py-1 text-xs text-stone-900", className)}>
      <span aria-hidden="true">⚠ </span>
      <strong>Look-alike letters.</strong> {lookalikeWarning(lookalike)}{" "}
      {writtenInPunycode ? (
        <>
          <Domain>{lookalike.domain}</Domain> is punycode for <Domain>{unicode}</Domain>.
        </>
      ) : ascii ? (
        <>
          Its domain is really <Domain>{ascii}</Domain>.
        </>
      ) : null}
    </p>
  );
}
