/** The part of Gatsby's page location the frame of a page uses. */
export interface PageLocation {
  pathname: string;
  hash: string;
  key?: string;
}
