/**
 * The page unknown routes get: the same "Unexpected Application Error!"
 * heading as the error fallback (every unexpected error shows that generic
 * title), then what went wrong.
 */
export const notFound = {
  title: "404 Not Found",
  heading: "Unexpected Application Error!",
  status: "404 Not Found",
  description: "This page could not be found.",
  message: "There is no page at this address. It may have moved, or the link may be mistyped.",
  homeLink: { label: "Go to the home page", href: "/" },
} as const;
