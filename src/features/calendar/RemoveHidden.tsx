/**
 * Under a field the form refused for hidden characters (control characters, direction controls, a line break in a
 * title: src/lib/hidden-text.mjs), which the database would refuse too: a button that takes them out, as the
 * contacts' fields offer, since a person cannot find them to delete by hand.
 */
import { hiddenCharactersIn, withoutHiddenCharacters } from "../../lib/hidden-text.mjs";
import { Button } from "../../components/ui/Button";

export function RemoveHidden(props: {
  label: string;
  /** The field's id: the focus goes back to it once they are out, as the button goes with them. */
  fieldId: string;
  value: string;
  /** Text of several lines, whose line breaks stay. */
  lines?: boolean;
  /** Whether the form now says what is wrong with the field. */
  said: boolean;
  onValue: (value: string) => void;
}) {
  const { label, fieldId, value, lines = false, said, onValue } = props;
  if (!said || hiddenCharactersIn(value, { lines }).length === 0) return null;
  return (
    <Button
      variant="secondary"
      size="sm"
      className="mt-1"
      onClick={() => {
        onValue(withoutHiddenCharacters(value, { lines }));
        document.getElementById(fieldId)?.focus();
      }}
    >
      Remove them<span className="sr-only"> from {label}</span>
    </Button>
  );
}
