// The carousel ships its modules' types apart from their code (lib/ts beside lib/js); these join them up.
declare module "react-responsive-carousel/lib/js/components/Carousel/animations" {
  export * from "react-responsive-carousel/lib/ts/components/Carousel/animations";
}
declare module "react-responsive-carousel/lib/js/components/Carousel/utils" {
  export * from "react-responsive-carousel/lib/ts/components/Carousel/utils";
}
