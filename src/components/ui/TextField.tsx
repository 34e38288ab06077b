import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import { cx, inputClass, labelClass } from "./styles";

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  /** The visible label; it names the input for assistive technology too. */
  label: ReactNode;
  /** Classes for the wrapper (layout), not the input. */
  className?: string;
};

/** A labelled text input from the kit. */
export function TextField({ label, className, id, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={labelClass}>
        {label}
      </label>
      <input id={inputId} className={cx(inputClass, "mt-1")} {...input} />
    </div>
  );
}
