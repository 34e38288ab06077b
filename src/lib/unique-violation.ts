/**
 * Whether the database refused a row for a value `constraint` keeps unique (PostgreSQL's unique violation, as
 * PostgREST passes it on: code 23505, the constraint named in the message). A page that picks a row's id itself
 * reads its primary key's violation as its own add, sent again after the answer to the first try was lost.
 */
export const taken = (error: unknown, constraint: string): boolean => {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "23505" && typeof message === "string" && message.includes(`"${constraint}"`);
};
