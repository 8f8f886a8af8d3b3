import TerminalUI

extension DetailLayout {
    /// The layout of `page` (nil: the layout of a page with a picture) at `size`.
    init(size: Size, page: DetailPage?) {
        self.init(size: size, picture: page?.showsPicture ?? true, pictureBox: page?.hasPicture ?? true)
    }
}
