/** Placeholder: being written (issue "Investing"). Answers 404 until then. */
export function loader() {
  return new Response('Not Found', { status: 404 });
}
