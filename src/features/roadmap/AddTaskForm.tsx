/**
 * A group's add form: the task's text and its owner, and Add. A task with no text adds nothing and says nothing;
 * the form clears after an add. A field takes a whole paste, however long (a browser's maxLength would cut its end
 * off without a word): while it is over its limit it says by how much, and Add says "New task: at most 500
 * characters (this has 536)" under the form, aloud, with the focus on the field, and adds nothing
 * (src/components/ui/fieldNotes.tsx).
 */
import { useId, useState } from "react";
import { fieldNotes } from "../../components/ui/fieldNotes";
import { newTaskTooLong, TASK_LIMITS, type TaskTooLong } from "./roadmap";
import { groupClasses } from "./roadmap.styles";

export function AddTaskForm({
  groupTitle,
  onAdd,
}: {
  groupTitle: string;
  onAdd: (text: string, owner: string) => boolean;
}) {
  const [text, setText] = useState("");
  const [owner, setOwner] = useState("");
  // Said when Add is pressed, each until its field is typed in again, aloud: each refusal is counted, for its line
  // to be said again at the next (Enter in the field leaves the focus where it is, so moving it announces nothing).
  const [tooLong, setTooLong] = useState<TaskTooLong>({});
  const [refusals, setRefusals] = useState(0);
  const id = useId();
  const textNotes = fieldNotes({
    id: `${id}-text`,
    label: "New task",
    value: text,
    problem: tooLong.text,
    limit: TASK_LIMITS.text,
    announce: refusals,
  });
  const ownerNotes = fieldNotes({
    id: `${id}-owner`,
    label: "Owner",
    value: owner,
    problem: tooLong.owner,
    limit: TASK_LIMITS.owner,
    announce: refusals,
  });
  return (
    <form
      className={groupClasses.form}
      onSubmit={(event) => {
        event.preventDefault();
        const found = newTaskTooLong(text, owner);
        setTooLong(found);
        if (found.text || found.owner) {
          setRefusals(refusals + 1);
          document.getElementById(`${id}-${found.text ? "text" : "owner"}`)?.focus();
          return;
        }
        if (!onAdd(text, owner)) return;
        setText("");
        setOwner("");
      }}
    >
      <input
        id={`${id}-text`}
        value={text}
        onChange={(event) => {
          setTooLong({ ...tooLong, text: undefined });
          setText(event.target.value);
        }}
        placeholder="New task"
        aria-label={`New task for ${groupTitle}`}
        aria-invalid={tooLong.text ? true : undefined}
        aria-describedby={textNotes.describedBy}
        data-new-task=""
        className={groupClasses.taskField}
      />
      <input
        id={`${id}-owner`}
        value={owner}
        onChange={(event) => {
          setTooLong({ ...tooLong, owner: undefined });
          setOwner(event.target.value);
        }}
        placeholder="Owner"
        aria-label={`Owner for ${groupTitle}`}
        aria-invalid={tooLong.owner ? true : undefined}
        aria-describedby={ownerNotes.describedBy}
        className={groupClasses.ownerField}
      />
      <button type="submit" className={groupClasses.addButton}>
        Add
      </button>
      {/* Under the whole row, only while something is said: an empty line would move the list down. */}
      {textNotes.describedBy || ownerNotes.describedBy ? (
        <div className={groupClasses.notes}>
          {textNotes.said}
          {ownerNotes.said}
        </div>
      ) : null}
    </form>
  );
}
