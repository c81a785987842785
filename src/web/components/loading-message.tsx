/** The spec's centred "Loading..." shown while the login state loads. */
export function LoadingMessage() {
  return (
    <div className="centered-message" role="status" aria-live="polite">
      <p className="fs-5 mb-0">Loading...</p>
    </div>
  );
}
