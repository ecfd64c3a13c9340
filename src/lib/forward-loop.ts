import { Children } from "react";
// The carousel's own sliding animation and position helpers, which its package does not export at the top.
import { slideAnimationHandler } from "react-responsive-carousel/lib/js/components/Carousel/animations";
import type { AnimationHandler } from "react-responsive-carousel/lib/ts/components/Carousel/types";
import { getPosition, setPosition } from "react-responsive-carousel/lib/js/components/Carousel/utils";

/**
 * The carousel's sliding animation, made to loop forward. Left to itself,
 * react-responsive-carousel goes from the last slide to the first by sliding
 * the whole strip back past every slide between. With its loop on it keeps a
 * copy of the first slide after the last one: this slides on to that copy,
 * and the slideshow then selects the first slide again (see slideshow.tsx),
 * which, with no transition, swaps the copy for the original unseen.
 */
export const forwardLoopAnimation: AnimationHandler = (props, state) => {
  const styles = slideAnimationHandler(props, state);
  const last = Children.count(props.children) - 1;
  if (state.swiping || last < 1) return styles;
  if (state.previousItem === last && state.selectedItem === 0) {
    return {
      ...styles,
      itemListStyle: { ...styles.itemListStyle, ...setPosition(getPosition(last + 1, props), props.axis) },
    };
  }
  if (state.previousItem === state.selectedItem) {
    return {
      ...styles,
      itemListStyle: { ...styles.itemListStyle, transitionDuration: "0ms", WebkitTransitionDuration: "0ms" },
    };
  }
  return styles;
};
