import type { ButtonHTMLAttributes } from "react";
import { buttonClass, cx, type ButtonStyle } from "./styles";

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonStyle;

/** A button from the kit; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant, size, pill, className, type = "button", ...rest }: ButtonProps) {
  return <button type={type} className={cx(buttonClass({ variant, size, pill }), className)} {...rest} />;
}
