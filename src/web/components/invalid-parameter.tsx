import Alert from 'react-bootstrap/Alert';

/** The spec's answer to a page opened without its SH_UID. */
export function InvalidParameter() {
  return <Alert variant="danger">Invalid parameter</Alert>;
}
