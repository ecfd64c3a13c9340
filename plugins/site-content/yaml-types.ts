/**
 * The content as its YAML files hold it: Gatsby's generated node types
 * (Queries.SiteYaml...) without the node's own fields, pictures as the paths
 * written in the file. For code that reads data/ or the editor's entries
 * directly rather than through GraphQL (the tests, the editor's previews).
 */
type NodeFields = "children" | "id" | "internal" | "parent";

export type Yaml<T> = T extends Queries.File
  ? string
  : T extends ReadonlyArray<infer Item>
    ? Yaml<Item>[]
    : T extends object
      ? { -readonly [Key in Exclude<keyof T, NodeFields>]: Yaml<T[Key]> }
      : T;

/** Every file of data/, keyed as the site's queries name them. */
export interface Content {
  siteYaml: Yaml<Queries.SiteYaml>;
  contactYaml: Yaml<Queries.ContactYaml>;
  pagesYaml: Yaml<Queries.PagesYaml>;
  slidesYaml: Yaml<Queries.SlidesYaml>;
  whyUsYaml: Yaml<Queries.WhyUsYaml>;
  aboutYaml: Yaml<Queries.AboutYaml>;
  privacyYaml: Yaml<Queries.PrivacyYaml>;
  servicesYaml: Yaml<Queries.ServicesYaml>;
  industriesYaml: Yaml<Queries.IndustriesYaml>;
  imageRowYaml: Yaml<Queries.ImageRowYaml>;
  partnersYaml: Yaml<Queries.PartnersYaml>;
  enquiryFormYaml: Yaml<Queries.EnquiryFormYaml>;
}
