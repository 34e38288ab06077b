import type { HTMLAttributes } from "react";
import { cardClass, cx } from "./styles";

/** The kit's card shell; padding and layout come from `className`. */
export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(cardClass, className)} {...rest} />;
}
