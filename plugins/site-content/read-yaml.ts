import yaml from "js-yaml";

/** A YAML file the site will not read, with the reason in an editor's words (and the line). */
export class ContentYamlError extends Error {
  override name = "ContentYamlError";
}

/**
 * Parses one of the site's YAML files, the only way any of them is parsed
 * (the build's check, the editor's server, the tests). Anchors (&name) are
 * refused as soon as one is read: an alias (*name) can only repeat an
 * anchored part, and a few nested ones repeat a part millions of times (an
 * "alias bomb") before anything else could measure it. Editors write every
 * text where it belongs, so they never need either.
 */
export function readContentYaml(source: string, filename: string): unknown {
  const openedOnLine: number[] = [];
  try {
    return yaml.load(source, {
      filename,
      listener(event, state) {
        if (event === "open") {
          openedOnLine.push(state.line);
          return;
        }
        const line = openedOnLine.pop() ?? state.line;
        // js-yaml's State type leaves out the anchor of the node just read, which it does hold.
        const { anchor } = state as typeof state & { anchor?: string | null };
        if (anchor) {
          throw new ContentYamlError(
            `line ${line + 1}: "&${anchor}" is a YAML anchor, which repeats a part of the file elsewhere (with *${anchor}). The site does not take anchors or aliases: write each text out where it belongs.`,
          );
        }
      },
    });
  } catch (error) {
    if (error instanceof ContentYamlError) throw error;
    if (error instanceof yaml.YAMLException) {
      const where = error.mark ? `line ${error.mark.line + 1}, column ${error.mark.column + 1}: ` : "";
      throw new ContentYamlError(
        `${where}the file is not valid YAML (${error.reason}). Check the indentation, the "- " before list entries, and that texts containing ": " are in quotes.`,
      );
    }
    throw error;
  }
}
