/** @type {import('tailwindcss').Config} */
export default {
  // Test files are not markup: a word like "container" in one would add a class to every page.
  content: ["./src/**/*.{astro,html,js,jsx,md,mdx,ts,tsx}", "!./src/**/*.test.{ts,tsx,mjs}"],
  theme: {
    extend: {
      fontFamily: {
        sans: [
          "ui-sans-serif",
          "system-ui",
          "-apple-system",
          "Segoe UI",
          "Roboto",
          "Helvetica Neue",
          "Arial",
          "sans-serif",
        ],
        serif: ["ui-serif", "Georgia", "Cambria", "Times New Roman", "serif"],
      },
      keyframes: {
        "page-in": {
          from: { opacity: "0", transform: "translateY(12px)" },
          to: { opacity: "1", transform: "none" },
        },
        "fade-in": { from: { opacity: "0" }, to: { opacity: "1" } },
      },
      animation: {
        "page-in": "page-in 1s ease-out both",
        "fade-in": "fade-in 1s ease-out both",
      },
    },
  },
  plugins: [],
};
