/** The roadmap's three groups and their default tasks: 8, 6 and 7 of them, each with an owner. */
type DefaultTask = { text: string; owner: string };
export type DefaultGroup = { id: string; title: string; tasks: DefaultTask[] };

export const roadmapCopy = {
  title: "Project Roadmap",
  intro: "Track progress across different phases of the project.",
  description: "The team's project roadmap: planning, content and tour tasks with owners.",
} as const;

export const defaultRoadmap: readonly DefaultGroup[] = [
  {
    id: "planning",
    title: "Planning & Setup",
    tasks: [
      { text: "Build the team contact sheet", owner: "Everyone" },
      { text: "Choose a distributor and set up distribution", owner: "Ciara" },
      { text: "Finalise the EP artwork", owner: "Orla, Dylan" },
      { text: "Put together the EPK", owner: "Ciara" },
      { text: "Launch the website", owner: "Dylan" },
      { text: "Update the roadmap every week", owner: "Everyone" },
      { text: "Set up the band email addresses", owner: "Dylan" },
      { text: "Share the team calendar", owner: "Ciara" },
    ],
  },
  {
    id: "content",
    title: "Content & Strategy",
    tasks: [
      { text: "Plan content and the release strategy", owner: "Orla, Ciara" },
      { text: "Shoot the music videos", owner: "Orla, Seán" },
      { text: "Order vinyl and CD printing", owner: "Dylan" },
      { text: "Run promotion for the single and EP", owner: "Ciara" },
      { text: "Apply for arts funding", owner: "Orla" },
      { text: "Reach out to bookers", owner: "Ciara" },
    ],
  },
  {
    id: "tour",
    title: "Tour & Events",
    tasks: [
      { text: "Plan the Italy tour", owner: "Ciara" },
      { text: "Plan the Germany tour", owner: "Ciara" },
      { text: "Plan the Ireland tour", owner: "Everyone" },
      { text: "Plan the Spain tour", owner: "Ciara" },
      { text: "Apply to summer festivals", owner: "Orla, Ciara" },
      { text: "Book the venue for the launch party", owner: "Dylan" },
      { text: "Organise the EP launch party", owner: "Everyone" },
    ],
  },
];
