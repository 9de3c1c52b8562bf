// Retry reloads the page the visitor asked for; the service worker tries the network again.
document.getElementById('retry').addEventListener('click', () => window.location.reload());
