// The end of the Google popup: tells the opener only the outcome (never a token), with the
// app's own origin as the target, then closes. Opened without an opener, it goes on by itself.
(function () {
  var params = new URLSearchParams(window.location.search);
  var outcome =
    params.get('outcome') === 'success'
      ? 'success'
      : params.get('error') === 'access_denied'
        ? 'cancel'
        : 'error';
  // The server's reason (unavailable, signup_disabled, ...): the opener words it.
  var reason = params.get('error');
  window.history.replaceState(null, '', '/auth-popup.html');
  var opener = null;
  try {
    opener = window.opener;
  } catch (e) {
    opener = null;
  }
  if (opener && !opener.closed) {
    var message = { type: 'registry-auth-popup', outcome: outcome };
    if (outcome === 'error' && reason) message.reason = reason;
    opener.postMessage(message, window.location.origin);
    window.close();
    return;
  }
  if (outcome === 'success') {
    window.location.replace('/');
    return;
  }
  document.getElementById('status').textContent =
    outcome === 'cancel' ? 'Authentication cancelled by user' : 'Authentication failed';
  document.getElementById('back').hidden = false;
})();
