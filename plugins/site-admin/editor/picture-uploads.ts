/**
 * Every picture an editor picks to upload reaches Decap, and so the repository, without where, with what and by
 * whom it was taken (a phone's photo carries its GPS position in its file): the file input's change is held at
 * the window, before Decap's own handler sees it, the pictures are taken through withoutPrivateDetails (their
 * images untouched), put back in the input, and the change goes on. The editor on this computer does the same on
 * its server for whatever reaches it otherwise.
 */
import { withoutPrivateDetails } from "../../site-content/picture-metadata";

export function cleanPictureUploads(): void {
  const cleaned = new WeakSet<Event>();
  window.addEventListener(
    "change",
    (event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || input.type !== "file" || cleaned.has(event)) return;
      const files = [...(input.files ?? [])];
      if (files.length === 0) return;
      event.stopImmediatePropagation();
      void Promise.all(
        files.map(async (file) => {
          const cleanedBytes = withoutPrivateDetails(new Uint8Array(await file.arrayBuffer()));
          return new File([cleanedBytes.slice()], file.name, { type: file.type, lastModified: file.lastModified });
        }),
      ).then((pictures) => {
        const chosen = new DataTransfer();
        for (const picture of pictures) chosen.items.add(picture);
        input.files = chosen.files;
        const again = new Event("change", { bubbles: true });
        cleaned.add(again);
        input.dispatchEvent(again);
      });
    },
    { capture: true },
  );
}
