/**
 * What an administrator reads when the server has no Salesforce org to import from: in a company
 * secretary's words, with who can change it; the settings themselves are in the README.
 */
export function NotConnectedNotice() {
  return (
    // A region read on arrival, not an alert: nothing went wrong, nothing was clicked.
    <section className="alert alert-info" aria-labelledby="salesforce-not-connected">
      <h2 className="h5 alert-heading" id="salesforce-not-connected">
        Salesforce is not connected
      </h2>
      <p>
        This registry is not connected to your company&apos;s Salesforce yet, so there is nothing to
        import.
      </p>
      <p className="mb-0">
        Connecting it is a one-time step for whoever looks after the registry&apos;s server: they
        give the registry access to your Salesforce (the README explains how, under “The CRM
        gateway”). Once that is done, come back here to check the records and import them.
      </p>
    </section>
  );
}
