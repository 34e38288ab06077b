import type { ComponentProps } from "react";
import { buttonClass, cx, type ButtonStyle } from "./styles";

/** A button element's props, `ref` included (a plain prop since React 19), plus the kit's style. */
type ButtonProps = ComponentProps<"button"> & ButtonStyle;

/** A button from the kit; `type` defaults to "button" so it never submits a form by accident. */
export function Button({ variant, size, pill, className, type = "button", ...rest }: ButtonProps) {
  return <button type={type} className={cx(buttonClass({ variant, size, pill }), className)} {...rest} />;
}
