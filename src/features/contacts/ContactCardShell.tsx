/** A card of the contacts grid, viewed or edited: a list item holding an article named for the contact. */
import type { ReactNode } from "react";
import { cardClass, cx } from "../../components/ui/styles";

export function ContactCardShell({ children, label }: { children: ReactNode; label: string }) {
  return (
    <li>
      <article aria-label={label} className={cx(cardClass, "h-full p-5")}>
        {children}
      </article>
    </li>
  );
}
