import path from "node:path";
import type { GatsbyConfig } from "gatsby";
import { readMailServiceFacts } from "./plugins/build-settings";
import { fileTypeNameOf, isContentFile } from "./plugins/site-content/model";
import { namedMedia } from "./plugins/site-styles/named-media";

const config: GatsbyConfig = {
  siteMetadata: {
    // The privacy notice tells visitors how long the mail service keeps their enquiry, what carries it to the
    // inbox and where it is stored, as deployed. A wrong setting is not thrown here, where Gatsby would drop the
    // message and build on without plugins: gatsby-node's onPreBootstrap stops the build with it.
    ...readMailServiceFacts().facts,
  },
  // Every page at the address each host serves directly, its folder (/about/); /about is redirected there.
  trailingSlash: "always",
  graphqlTypegen: {
    typesOutputPath: "src/gatsby-types.d.ts",
    // CI builds without `gatsby develop`; the types must still be written.
    generateOnBuild: true,
  },
  plugins: [
    "gatsby-plugin-react-helmet",
    // The CSS names its breakpoints (@media (--md)); see src/styles/media.ts.
    { resolve: "gatsby-plugin-postcss", options: { postCssPlugins: [namedMedia()] } },
    "gatsby-plugin-image",
    {
      resolve: "gatsby-plugin-sharp",
      options: {
        defaults: {
          // WebP and the original's format, not AVIF, which saved little and cost most of the build's image work
          // (docs/decisions.md, "Pictures in WebP").
          formats: ["auto", "webp"],
          placeholder: "dominantColor",
          quality: 70,
        },
      },
    },
    "gatsby-transformer-sharp",
    {
      resolve: "gatsby-source-filesystem",
      options: {
        name: "data",
        path: path.resolve("data"),
        // Only the collections' own files feed the content: any other YAML (a stray copy, a file saved into
        // data/images/) is never read, here or by the YAML transformer; the content check names it and stops.
        ignore: [(file: string) => /\.ya?ml$/i.test(file) && !isContentFile(path.relative(path.resolve("data"), file))],
      },
    },
    {
      resolve: "gatsby-transformer-yaml",
      options: {
        // One node type per file (data/slides.yaml → SlidesYamlFile), whatever the file holds; the
        // plugin's default would name every single-object file after its folder (DataYaml). The content
        // plugin makes of each one node per language (SlidesYaml), which the pages query.
        typeName: ({ node }: { node: { name: string } }) => fileTypeNameOf(`${node.name}.yaml`),
      },
    },
    // The site's own build jobs (plugins/); what runs on the finished build, and in which order, is site-finish's
    // list (plugins/site-finish/steps.ts).
    "site-styles",
    "site-content",
    "site-languages",
    "site-admin",
    "site-finish",
  ],
};

export default config;
