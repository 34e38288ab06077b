// @ts-check
/**
 * Python's `icalendar` (Debian's python3-icalendar package), the second reader the feeds' tests parse
 * them with beside ical.js: installed with apt when it is missing and we run as root, as tools/postgres.mjs
 * installs PostgreSQL; otherwise it says what to run. A test that needs it fails with that message.
 */
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const isRoot = () => typeof process.getuid === "function" && process.getuid() === 0;

/** Debian's own Python first (where its package installs), then whichever python3 the PATH finds. */
const PYTHONS = ["/usr/bin/python3", "python3"];
const pythonWithIcalendar = () =>
  PYTHONS.find((python) => spawnSync(python, ["-c", "import icalendar"], { stdio: "ignore" }).status === 0);

/** The python3 that has icalendar, installing it as root on Debian when none has; otherwise throws saying how to. */
export function ensurePythonIcalendar() {
  const found = pythonWithIcalendar();
  if (found) return found;
  if (isRoot() && existsSync("/usr/bin/apt-get")) {
    console.log("Python's icalendar is missing: installing Debian's python3-icalendar package (apt-get)…");
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    spawnSync("apt-get", ["install", "-y", "-qq", "python3-icalendar"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    const installed = pythonWithIcalendar();
    if (installed) return installed;
  }
  throw new Error(
    "The calendar feeds' tests read them with Python's icalendar too. Install it with:\n" +
      "  sudo apt-get update && sudo apt-get install -y python3-icalendar",
  );
}

/**
 * What Python's icalendar reads in an .ics text: the calendar's properties and each event's, as text
 * (dates as their iCalendar value), in the file's order; each event's LOCATION unescaped, and its START as
 * Python takes it (ISO 8601, with the offset its TZID has then: "2027-04-23T20:00:00+01:00"). Throws with
 * Python's error when it cannot read it. Python runs beside the caller, never blocking it: a server in the
 * caller's process keeps answering and keeps its connections' timers on time meanwhile.
 * @param {string} text
 * @returns {Promise<{ calendar: Record<string, string>, timezones: string[], events: Record<string, string>[] }>}
 */
export async function readWithPythonIcalendar(text) {
  const python = ensurePythonIcalendar();
  const script = `
import json, sys
from icalendar import Calendar
calendar = Calendar.from_ical(sys.stdin.buffer.read())
def props(component):
    return {name: (value.to_ical().decode() if hasattr(value, "to_ical") else str(value)) for name, value in component.property_items(recursive=False) if name not in ("BEGIN", "END")}
print(json.dumps({
    "calendar": props(calendar),
    "timezones": [str(zone["TZID"]) for zone in calendar.walk("VTIMEZONE")],
    "events": [dict(props(event), SUMMARY=str(event["SUMMARY"]), DESCRIPTION=str(event.get("DESCRIPTION", "")), LOCATION=str(event.get("LOCATION", "")), START=event.decoded("DTSTART").isoformat(), END=(event.decoded("DTEND").isoformat() if "DTEND" in event else "")) for event in calendar.walk("VEVENT")],
}))
`;
  const child = spawn(python, ["-c", script], { stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
  const status = await new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
    // Python gone before it read the text: its exit status and stderr say why.
    child.stdin.on("error", () => {});
    child.stdin.end(text, "utf8");
  });
  if (status !== 0) throw new Error(`Python's icalendar could not read the calendar:\n${stderr}`);
  return JSON.parse(stdout);
}
