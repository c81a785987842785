export function NotFoundPage() {
  return (
    <section aria-labelledby="page-title">
      <h1 id="page-title" className="h3">
        Page not found
      </h1>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </section>
  );
}
