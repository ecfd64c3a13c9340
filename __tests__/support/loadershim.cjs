// Gatsby's Link calls the page loader, which only exists in a real Gatsby runtime.
Object.assign(global, { ___loader: { enqueue: () => {}, hovering: () => {} } });
