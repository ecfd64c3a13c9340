// Gatsby's Link calls the page loader, which only exists in a real Gatsby runtime.
global.___loader = { enqueue: () => {}, hovering: () => {} };
