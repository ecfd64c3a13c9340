import { Children } from "react";
// The carousel's own sliding animation and position helpers, which its package does not export at the top: the
// version is pinned in package.json and what this relies on is checked by __tests__/unit/library-contracts.test.ts.
import { slideAnimationHandler } from "react-responsive-carousel/lib/js/components/Carousel/animations";
import type { AnimationHandler } from "react-responsive-carousel/lib/ts/components/Carousel/types";
import { getPosition, setPosition } from "react-responsive-carousel/lib/js/components/Carousel/utils";

/**
 * The carousel's sliding animation, made to loop forward. Left to itself,
 * react-responsive-carousel goes from the last slide to the first by sliding
 * the whole strip back past every slide between. With its loop on it keeps a
 * copy of the first slide after the last one, and of the last before the
 * first: this slides on to the copy, and the slideshow then selects the slide
 * itself again, which, with no transition, swaps the copy for it unseen.
 *
 * `reversed`: the slides stand in the strip in reverse order (right-to-left
 * pages), so going forward is going down the strip, and the loop runs from
 * its first item to its last, by way of the copy before the first.
 */
export function forwardLoopAnimation(reversed: boolean): AnimationHandler {
  return (props, state) => {
    const styles = slideAnimationHandler(props, state);
    const last = Children.count(props.children) - 1;
    if (state.swiping || last < 1) return styles;
    const [from, to, copy] = reversed ? [0, last, -1] : [last, 0, last + 1];
    if (state.previousItem === from && state.selectedItem === to) {
      return {
        ...styles,
        itemListStyle: { ...styles.itemListStyle, ...setPosition(getPosition(copy, props), props.axis) },
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
}
